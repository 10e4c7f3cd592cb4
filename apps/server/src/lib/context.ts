import type { Config } from '../config';
import type { DatabaseHandle, Db } from '../db/client';
import type { SettingsStore } from '../modules/settings/settings.service';
import type { DomainEvents } from './events';
import type { FileStorage } from './file-storage';
import type { Mailer } from './mailer';

/** What every module needs, built once per app and passed down explicitly. */
export type AppContext = {
  config: Config;
  db: Db;
  database: DatabaseHandle;
  mailer: Mailer;
  events: DomainEvents;
  settings: SettingsStore;
  storage: FileStorage;
  startedAt: Date;
};
