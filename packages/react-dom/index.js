// React DOM's API (createPortal, flushSync, …) for every importer of "react-dom", drawn by Preact.
export * from "preact/compat";
export { default } from "preact/compat";
