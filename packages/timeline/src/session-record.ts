/**
 * The `session` part of a timeline: who ran it, with which provider and Tier 1, how often it was
 * resumed and how it ended. The first `session_start` names the session; later ones are resumes.
 * The newest `request_header` gives the Tier-1 sizes; a hash different from the previous header's
 * counts as a header change (a change of Tier 1 or model settings mid-session).
 */
import { type LogEventOf, type PermissionMode, systemBytes } from "@picasso/protocol";
import type { TimelineSession } from "./timeline-types.js";

export class SessionRecord {
  private readonly session: TimelineSession = {
    id: null,
    cwd: null,
    projectKey: null,
    provider: null,
    model: null,
    surface: null,
    version: null,
    startedAt: null,
    resumes: 0,
    endReason: null,
    tier1: null,
    notRecorded: [],
  };
  private started = false;
  private headerHash: string | undefined;

  /** Returns the mode the session (re)started in. */
  onStart(event: LogEventOf<"session_start">): PermissionMode {
    if (this.started) this.session.resumes += 1;
    else {
      this.started = true;
      Object.assign(this.session, {
        id: event.session,
        cwd: event.cwd,
        projectKey: event.projectKey,
        provider: event.provider,
        model: event.model,
        surface: event.surface,
        version: event.version,
        startedAt: event.ts,
      });
    }
    return event.mode;
  }

  onHeader(event: LogEventOf<"request_header">): void {
    const changes = this.session.tier1?.headerChanges ?? 0;
    const changed = this.headerHash !== undefined && this.headerHash !== event.hash;
    this.headerHash = event.hash;
    this.session.tier1 = {
      toolsBytes: event.bytes.tools,
      // Measured from the blocks (Tier 1's one definition), so v1 logs — whose resume headers
      // measured system bytes differently — fold to the same figure.
      systemBytes: systemBytes(event.system),
      headerChanges: changes + (changed ? 1 : 0),
    };
  }

  onEnd(reason: string): void {
    this.session.endReason = reason;
  }

  snapshot(): TimelineSession {
    const session = { ...this.session, tier1: this.session.tier1 ? { ...this.session.tier1 } : null };
    session.notRecorded = (Object.keys(session) as (keyof TimelineSession)[]).filter(
      (k) => session[k] === null,
    );
    return session;
  }
}
