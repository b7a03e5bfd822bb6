export default function Deals() {
  return <h1>Deals</h1>;
}
