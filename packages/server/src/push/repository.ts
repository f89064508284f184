// The devices' push subscriptions in either database (common/sql.ts).

import type { Sql } from '../common/sql.ts';
import * as sql from './sql.ts';
import type { Subscription, SubscriptionStore } from './subscriptions.ts';

export class SubscriptionRepository implements SubscriptionStore {
  static readonly reads: ReadonlySet<keyof SubscriptionStore> = new Set(['subscriptions']);

  constructor(private readonly db: Sql) {}

  subscribe(subscription: Subscription, most: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if ((await tx.run(sql.UPSERT_SUBSCRIPTION, sql.subscriptionRow(subscription))) === 0) {
        return false;
      }
      await tx.run(sql.TRIM_SUBSCRIPTIONS, [subscription.player, most]);
      return true;
    });
  }

  async unsubscribe(player: string, endpoint: string): Promise<boolean> {
    return (await this.db.run(sql.DELETE_SUBSCRIPTION_OF, [player, endpoint])) > 0;
  }

  async forget(endpoint: string): Promise<void> {
    await this.db.run(sql.DELETE_SUBSCRIPTION, [endpoint]);
  }

  async subscriptions(player: string): Promise<readonly Subscription[]> {
    const rows = await this.db.all<sql.SubscriptionRow>(sql.SELECT_SUBSCRIPTIONS, [player]);
    return rows.map(sql.subscriptionFrom);
  }
}
