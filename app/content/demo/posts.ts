import type { DemoPost } from "./types";

export const demoPosts: DemoPost[] = [];
