import { copyWorkspace } from '../../db/copy/workspaceCopy';
import type { InputOf, MethodName, ResultOf } from '../api/contract';
import type { ServiceContext } from '../services/context';
import { dispatch } from '../services/dispatch';
import { openPostgresSession } from '../services/postgresSession';
import { openSession } from '../services/session';
import { annotationWorkspace, TestCallError, type AnnotationWorkspace } from './annotationWorkspace';
import { usePostgres } from './postgres';

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
  hooks.afterEach(() => {
    for (const ws of open.splice(0)) ws.dispose();
  });
  return {
    /**
     * A workspace of `files` on `engine`; `prepare` runs on the workspace file first (an import
     * through a mapping, say: work that does not run on PostgreSQL yet), before it is copied up.
     */
    async open(engine: TestEngine, files?: string[], prepare?: (local: AnnotationWorkspace) => Promise<void>): Promise<EngineWorkspace> {
      const local = await annotationWorkspace(files);
      if (prepare) await prepare(local);
      const others: { close(): void }[] = [];
      const closeOthers = () => {
        for (const other of others.splice(0)) other.close();
      };
      if (engine === 'sqlite') {
        const anotherServer = async () => {
          const other = openSession({ workspacePath: local.ctx.workspacePath });
          others.push(other);
          return other.ctx;
        };
        const dispose = () => {
          closeOthers();
          local.dispose();
        };
        const ws: EngineWorkspace = { engine, ctx: local.ctx, api: local.api, itemId: local.itemId, anotherServer, dispose };
        open.push(ws);
        return ws;
      }
      const url = await server.current.createDatabase();
      try {
        await copyWorkspace(local.ctx.workspacePath, url);
      } finally {
        local.dispose();
      }
      const session = await openPostgresSession(url);
      const api = async <M extends MethodName>(method: M, args: InputOf<M>, as?: string): Promise<ResultOf<M>> => {
        const reply = await dispatch(session.ctx, method, args, as === undefined ? { owner: true } : { name: as });
        if (!reply.ok) throw new TestCallError(reply.error.code, reply.error.message);
        return reply.value as ResultOf<M>;
      };
      const itemId = (externalId: string): number => {
        const db = session.ctx.sql;
        const row = db.one(db.q.selectFrom('items').select('id').where('external_id', '=', externalId));
        if (!row) throw new Error(`no item ${externalId}`);
        return row.id;
      };
      const anotherServer = async () => {
        const other = await openPostgresSession(url);
        others.push(other);
        return other.ctx;
      };
      const dispose = () => {
        closeOthers();
        session.close();
      };
      const ws: EngineWorkspace = { engine, ctx: session.ctx, api, itemId, anotherServer, dispose };
      open.push(ws);
      return ws;
    },
  };
}
