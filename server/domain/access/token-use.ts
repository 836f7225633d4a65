/**
 * When this process last saw each access token authenticate, kept in memory until the maintenance
 * job writes them all in one statement (at most once a minute). A request never writes: an API
 * read stays a read (decision 0018), and a busy token costs one row update a minute, not one per
 * request. A process that stops loses at most its last minute of uses; the dashboard merges what
 * is still pending here, so its own process shows a use at once.
 */
export function createTokenUse() {
  let pending = new Map<string, Date>();
  return {
    saw(tokenId: string, at: Date): void {
      const known = pending.get(tokenId);
      if (!known || known < at) pending.set(tokenId, at);
    },
    /** The uses not yet written, for the dashboard to show beside the stored ones. */
    pendingOf: (tokenId: string): Date | undefined => pending.get(tokenId),
    /** Takes the pending uses (the next ones start a new batch); a failed write puts them back. */
    take(): Map<string, Date> {
      const taken = pending;
      pending = new Map();
      return taken;
    },
    restore(uses: Map<string, Date>): void {
      for (const [id, at] of uses) this.saw(id, at);
    },
  };
}
