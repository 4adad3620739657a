/** How a subagent lane ended (`subagent_stop`, a ralph round's end). */
import { z } from "zod";

export const SubagentStatusSchema = z.enum(["done", "error", "interrupted", "budget"]);
export type SubagentStatus = z.infer<typeof SubagentStatusSchema>;
