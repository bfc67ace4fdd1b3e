import { useState } from 'react';
import type { JudgeDefinition, JudgeInfo, JudgeIssue } from '../../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../../api/apiContext';
import { messageOf } from '../../../api/useApiQuery';
import { saveTextFile } from '../../../common/download';

/** What went wrong with an import or a save, for the page to show. */
export interface JudgeFileProblem {
  title: string;
  issues: JudgeIssue[];
}

/** A save's outcome: the judge as stored, or what went wrong in words. */
export type SaveOutcome = { saved: JudgeInfo } | { error: string };

/** Importing judge JSON files into the workspace (`onImported` then shows one), saving edited judges, exporting judges. */
export function useJudgeFiles(onImported: (judge: JudgeInfo) => void) {
  const api = useApi();
  const { bump } = useDataVersion();
  const [problem, setProblem] = useState<JudgeFileProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const store = async (judge: JudgeDefinition) => {
    const saved = await api['judges.save']({ judge });
    bump();
    return saved;
  };

  return {
    problem,
    busy,
    dismiss: () => setProblem(null),
    /** Reads a picked file, validates it and stores it in the workspace. */
    async importFile(file: File) {
      setBusy(true);
      setProblem(null);
      try {
        const result = await api['judges.import']({ text: await file.text() });
        if (!result.ok) setProblem({ title: `${file.name} is not a judge Accord can use`, issues: result.issues });
        else onImported(await store(result.judge));
      } catch (error) {
        setProblem({ title: `${file.name} could not be imported`, issues: [{ path: '', message: messageOf(error) }] });
      } finally {
        setBusy(false);
      }
    },
    /**
     * Stores an edited judge as a new version in the workspace: the stored judge, or why it could
     * not be (also shown as the page's problem). The caller decides where to go next.
     */
    async save(judge: JudgeDefinition): Promise<SaveOutcome> {
      setBusy(true);
      setProblem(null);
      try {
        return { saved: await store(judge) };
      } catch (error) {
        setProblem({ title: 'The judge could not be saved', issues: [{ path: '', message: messageOf(error) }] });
        return { error: messageOf(error) };
      } finally {
        setBusy(false);
      }
    },
    /** Downloads a judge as JSON. */
    async exportJudge(judge: JudgeDefinition) {
      try {
        const file = await api['judges.export']({ judge: { json: judge } });
        saveTextFile(file.fileName, file.text, 'application/json');
      } catch (error) {
        setProblem({ title: 'The judge could not be exported', issues: [{ path: '', message: messageOf(error) }] });
      }
    },
  };
}
