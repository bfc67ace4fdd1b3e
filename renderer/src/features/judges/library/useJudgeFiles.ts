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

/** Importing judge JSON files into the workspace, saving edited judges, exporting judges. */
export function useJudgeFiles(onStored: (judge: JudgeInfo) => void) {
  const api = useApi();
  const { bump } = useDataVersion();
  const [problem, setProblem] = useState<JudgeFileProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const store = async (judge: JudgeDefinition) => {
    const saved = await api['judges.save']({ judge });
    bump();
    onStored(saved);
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
        else await store(result.judge);
      } catch (error) {
        setProblem({ title: `${file.name} could not be imported`, issues: [{ path: '', message: messageOf(error) }] });
      } finally {
        setBusy(false);
      }
    },
    /** Stores an edited judge as a new version in the workspace. */
    async save(judge: JudgeDefinition) {
      setBusy(true);
      setProblem(null);
      try {
        await store(judge);
      } catch (error) {
        setProblem({ title: 'The judge could not be saved', issues: [{ path: '', message: messageOf(error) }] });
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
