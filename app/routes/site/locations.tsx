export default function Locations() {
  return <h1>Locations</h1>;
}
