export * from "preact/compat/client";
export { default } from "preact/compat/client";
