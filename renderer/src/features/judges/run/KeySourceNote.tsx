import { Alert } from '@mui/material';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { useTransport } from '../../../api/apiContext';
import { MONO_FONT } from '../../../theme/theme';
import { useKeyStatus } from './useKeyStatus';

/**
 * Where the run's API key comes from, and whether one is there. The key is never typed into
 * this window nor shown by it: browser mode uses the server's OPENAI_API_KEY, the desktop app
 * the key kept in the system keychain.
 */
export function KeySourceNote({ baseUrl }: { baseUrl: string }) {
  const { mode } = useTransport();
  const configured = useKeyStatus(baseUrl, true);
  const env = <code style={{ fontFamily: MONO_FONT, fontSize: 12 }}>OPENAI_API_KEY</code>;
  const source =
    mode === 'desktop' ? (
      <>the key stored in your system keychain (set it with File › Judge API Key…), else {env} from the environment Accord started in</>
    ) : (
      <>{env} in the environment of the Accord server — it is never typed into or shown by this page</>
    );
  const status = configured === null ? 'checking…' : configured ? 'a key is configured.' : 'no key is configured. Local servers (vLLM, Ollama, llama.cpp) usually need none.';
  return (
    <Alert severity={configured === false ? 'warning' : 'info'} icon={<KeyOutlined fontSize="small" />} data-testid="key-status" sx={{ py: 0.25 }}>
      API key: {source}; {status}
    </Alert>
  );
}
