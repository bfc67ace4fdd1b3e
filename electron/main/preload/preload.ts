// The preload of the main window: runs sandboxed, before the page, in its own JavaScript world,
// and hands the page exactly the AccordBridge (electron/api/bridge.ts) — nothing else.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { BRIDGE_NAME } from '../../common/transportNames';
import { createBridge } from './createBridge';

contextBridge.exposeInMainWorld(BRIDGE_NAME, createBridge(ipcRenderer, (file) => webUtils.getPathForFile(file)));
