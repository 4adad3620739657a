import { mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.ts";

// Each file in its own module graph: the colour level (chalk, NO_COLOR) and highlight.js's loaded
// state are module-level, and the colour and snapshot tests set them per file.
export default mergeConfig(shared, { test: { isolate: true } });
