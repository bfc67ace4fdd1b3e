import type { SvgIconComponent } from '@mui/icons-material';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import KeyboardReturnOutlined from '@mui/icons-material/KeyboardReturnOutlined';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import type { TurnRole } from '../../../../../electron/api/artifacts';

/** How a role looks in the transcript: its name, icon, an accent for the rail and a quiet fill. */
export interface RoleStyle {
  label: string;
  icon: SvgIconComponent;
  accent: string;
  fill: string;
}

/**
 * One hue per speaker, muted so hours of reading stay restful: the user blue, the agent green,
 * tool traffic violet (calls and outputs share it, being one exchange), the system and other
 * events grey, unknown roles amber (they are flagged).
 */
export const ROLE_STYLE: Record<TurnRole, RoleStyle> = {
  user: { label: 'User', icon: PersonOutlineOutlined, accent: '#2f5d8a', fill: '#f1f5fa' },
  assistant: { label: 'Assistant', icon: SupportAgentOutlined, accent: '#2e7d4f', fill: '#ffffff' },
  system: { label: 'System', icon: SettingsOutlined, accent: '#8a94a1', fill: '#f6f7f9' },
  tool_call: { label: 'Tool call', icon: BuildOutlined, accent: '#6b4fa0', fill: '#f8f6fc' },
  tool_output: { label: 'Tool output', icon: KeyboardReturnOutlined, accent: '#7a66a8', fill: '#fcfbfe' },
  event: { label: 'Event', icon: BoltOutlined, accent: '#9aa3ae', fill: '#fafbfc' },
  other: { label: 'Unknown role', icon: HelpOutlineOutlined, accent: '#a15c00', fill: '#fdf8ef' },
};
