import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native/wasm packages stay external in the server bundle.
    external: ["@electric-sql/pglite", "pg", "sharp", "nodemailer"],
  },
});
