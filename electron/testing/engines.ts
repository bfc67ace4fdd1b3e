import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyWorkspace } from '../../db/copy/workspaceCopy';
import type { InputOf, MethodName, ResultOf } from '../api/contract';
import type { ServiceContext } from '../services/context';
import { dispatch } from '../services/dispatch';
import { openPostgresSession } from '../services/postgresSession';
import { openSession } from '../services/session';
import { annotationWorkspace, TestCallError, type AnnotationWorkspace } from './annotationWorkspace';
import { usePostgres, type TestPostgres } from './postgres';

/** The engines a workspace can live on; service tests written with {@link useEngines} run on each. */
export const ENGINES = ['sqlite', 'postgres'] as const;
export type TestEngine = (typeof ENGINES)[number];

/** A workspace of fixtures on one engine, called through the dispatcher as in annotationWorkspace. */
export interface EngineWorkspace {
  engine: TestEngine;
  ctx: ServiceContext;
  api<M extends MethodName>(method: M, args: InputOf<M>, as?: string): Promise<ResultOf<M>>;
  itemId(externalId: string): number;
  /** Another server on the same workspace (its own connections), closed with this one. */
  anotherServer(): Promise<ServiceContext>;
  dispose(): void;
}

/**
 * For a test file whose tests run on both engines: starts one throwaway PostgreSQL for the file
 * (electron/testing/postgres.ts) and gives `open(engine, fixtures)`. A PostgreSQL workspace is
 * filled the way a team fills one: the fixtures are imported into a workspace file, which is then
 * copied up (`accord workspace copy`, checked by hashes) — so these tests do not depend on
 * imports running on PostgreSQL.
 */
export function useEngines(hooks: Parameters<typeof usePostgres>[0] & { afterEach: (fn: () => void) => void }) {
  const server = usePostgres(hooks);
  const open: EngineWorkspace[] = [];
  const templates = new Templates();
  hooks.afterEach(() => {
    for (const ws of open.splice(0)) ws.dispose();
  });
  hooks.afterAll(() => templates.dispose());
  return {
    /**
     * A workspace of `files` on `engine`; `prepare` runs on the workspace file first (an import
     * through a mapping, say: work that does not run on PostgreSQL yet), before it is copied up.
     * Each test gets a fresh copy: the first open of the same files and `prepare` (the same
     * function) in a file builds them once, as a workspace file and, when asked for, a
     * PostgreSQL template database; later opens copy those rather than import again.
     */
    async open(engine: TestEngine, files?: string[], prepare?: (local: AnnotationWorkspace) => Promise<void>): Promise<EngineWorkspace> {
      const template = await templates.get(files, prepare);
      const others: { close(): void }[] = [];
      const closeOthers = () => {
        for (const other of others.splice(0)) other.close();
      };
      if (engine === 'sqlite') {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-engines-'));
        const workspacePath = path.join(dir, 'test.accord');
        fs.copyFileSync(template.file, workspacePath);
        const session = openSession({ workspacePath });
        const anotherServer = async () => {
          const other = openSession({ workspacePath });
          others.push(other);
          return other.ctx;
        };
        const dispose = () => {
          closeOthers();
          session.close();
          fs.rmSync(dir, { recursive: true, force: true });
        };
        const ws: EngineWorkspace = { engine, ctx: session.ctx, api: apiOf(session.ctx), itemId: itemIdOf(session.ctx), anotherServer, dispose };
        open.push(ws);
        return ws;
      }
      const url = await server.current.createDatabase(undefined, await template.postgres(server.current));
      const session = await openPostgresSession(url);
      const anotherServer = async () => {
        const other = await openPostgresSession(url);
        others.push(other);
        return other.ctx;
      };
      const dispose = () => {
        closeOthers();
        session.close();
      };
      const ws: EngineWorkspace = { engine, ctx: session.ctx, api: apiOf(session.ctx), itemId: itemIdOf(session.ctx), anotherServer, dispose };
      open.push(ws);
      return ws;
    },
  };
}

/** Calls `method` through the dispatcher as `as` (a name), or as the workspace's owner acting as lead. */
function apiOf(ctx: ServiceContext): EngineWorkspace['api'] {
  return async (method, args, as) => {
    const reply = await dispatch(ctx, method, args, as === undefined ? { owner: true } : { name: as });
    if (!reply.ok) throw new TestCallError(reply.error.code, reply.error.message);
    return reply.value as never;
  };
}

function itemIdOf(ctx: ServiceContext): EngineWorkspace['itemId'] {
  return (externalId) => {
    const db = ctx.sql;
    const row = db.one(db.q.selectFrom('items').select('id').where('external_id', '=', externalId));
    if (!row) throw new Error(`no item ${externalId}`);
    return row.id;
  };
}

interface Template {
  /** A closed workspace file holding the fixtures (and what `prepare` did). */
  file: string;
  /** The name of a PostgreSQL database holding the same, copied up on first need; nobody stays connected to it. */
  postgres(cluster: TestPostgres): Promise<string>;
}

/** The workspaces a test file's opens copy, one per set of fixtures and `prepare`. */
class Templates {
  private readonly byPrepare = new Map<unknown, Map<string, Promise<Template>>>();
  private readonly dirs: string[] = [];

  get(files: string[] | undefined, prepare: ((local: AnnotationWorkspace) => Promise<void>) | undefined): Promise<Template> {
    const key = JSON.stringify(files ?? null);
    let byFiles = this.byPrepare.get(prepare);
    if (!byFiles) this.byPrepare.set(prepare, (byFiles = new Map()));
    let template = byFiles.get(key);
    if (!template) byFiles.set(key, (template = this.build(files, prepare)));
    return template;
  }

  dispose(): void {
    for (const dir of this.dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  }

  private async build(files: string[] | undefined, prepare: ((local: AnnotationWorkspace) => Promise<void>) | undefined): Promise<Template> {
    const local = await annotationWorkspace(files);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-engines-template-'));
    this.dirs.push(dir);
    const file = path.join(dir, 'template.accord');
    try {
      if (prepare) await prepare(local);
      // Closing checkpoints the WAL into the file, so the file alone is the whole workspace.
      local.writePath.close();
      fs.copyFileSync(local.ctx.workspacePath, file);
    } finally {
      local.dispose();
    }
    let database: Promise<string> | null = null;
    return {
      file,
      postgres: (cluster) =>
        (database ??= (async () => {
          const url = await cluster.createDatabase();
          await copyWorkspace(file, url);
          return new URL(url).pathname.slice(1);
        })()),
    };
  }
}
