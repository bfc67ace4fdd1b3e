// CommonJS on purpose: it stands in for Electron's CommonJS world (eslint.config.js treats *.cjs as CommonJS).
// A stand-in for the 'electron' module, for running the bundled main process and preload
// under plain Node (bundledMain.test.ts). It records what the app asks of Electron in
// globalThis.__fakeElectron and follows Electron's rules where the app depends on them:
// one ipcMain handler per channel, 'will-quit' can be prevented, windows announce their
// web contents through 'web-contents-created'.
'use strict';
const { EventEmitter } = require('node:events');
const path = require('node:path');

const state = (globalThis.__fakeElectron ??= {});
Object.assign(state, {
  paths: state.paths ?? {},
  isPackaged: state.isPackaged ?? true,
  lock: state.lock ?? true,
  sandbox: false,
  schemes: [],
  protocolHandlers: {},
  ipcHandlers: new Map(),
  windows: [],
  sent: [],
  menus: [],
  errorBoxes: [],
  messageBoxes: [],
  opened: [],
  permissionRequestHandler: null,
  headersHandler: null,
  quitCalls: 0,
  quitted: false,
  exitCode: null,
  exposed: {},
});

const app = new EventEmitter();
Object.assign(app, {
  get isPackaged() {
    return state.isPackaged;
  },
  setName(name) {
    state.name = name;
  },
  getName: () => state.name,
  getVersion: () => '0.0.0-test',
  setPath(name, value) {
    state.paths[name] = value;
  },
  getPath(name) {
    if (!state.paths[name]) throw new Error(`fake electron: no path for ${name}`);
    return state.paths[name];
  },
  requestSingleInstanceLock: () => state.lock,
  enableSandbox() {
    state.sandbox = true;
  },
  whenReady: () => new Promise((resolve) => setTimeout(resolve, 10)),
  quit() {
    state.quitCalls++;
    let prevented = false;
    app.emit('will-quit', { preventDefault: () => (prevented = true) });
    if (!prevented) state.quitted = true;
  },
  exit(code) {
    state.exitCode = code;
  },
});

class WebContents extends EventEmitter {
  constructor() {
    super();
    this.windowOpenHandler = null;
    this.reloads = 0;
  }
  send(channel, ...args) {
    state.sent.push({ channel, args: structuredClone(args) });
  }
  reload() {
    this.reloads++;
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
}

class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new WebContents();
    this.title = options.title;
    this.progress = [];
    state.windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  static fromWebContents(contents) {
    return state.windows.find((w) => w.webContents === contents) ?? null;
  }
  loadURL(url) {
    this.loadedUrl = url;
    setTimeout(() => this.emit('ready-to-show'), 0);
    return Promise.resolve();
  }
  show() {
    this.shown = true;
  }
  maximize() {}
  setTitle(title) {
    this.title = title;
  }
  isDestroyed() {
    return false;
  }
  setProgressBar(value) {
    this.progress.push(value);
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: 1200, height: 800 };
  }
  isMaximized() {
    return false;
  }
  isMinimized() {
    return false;
  }
  restore() {}
  focus() {}
}

const ipcMain = {
  handle(channel, listener) {
    if (state.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    state.ipcHandlers.set(channel, listener);
  },
  removeHandler(channel) {
    state.ipcHandlers.delete(channel);
  },
};

const dialog = {
  showErrorBox(title, content) {
    state.errorBoxes.push({ title, content });
  },
  /** Answers with `state.messageBoxSyncResponse` (default: the cancel button), noting the options. */
  showMessageBoxSync(...args) {
    const options = args.length > 1 ? args[1] : args[0];
    state.messageBoxes.push(options);
    return state.messageBoxSyncResponse ?? options.cancelId ?? 0;
  },
  async showMessageBox(...args) {
    const options = args.length > 1 ? args[1] : args[0];
    state.messageBoxes.push(options);
    return { response: options.cancelId ?? 0 };
  },
  async showOpenDialog() {
    return { canceled: true, filePaths: [] };
  },
  async showSaveDialog() {
    return { canceled: true };
  },
};

module.exports = {
  app,
  BrowserWindow,
  ipcMain,
  dialog,
  protocol: {
    registerSchemesAsPrivileged(schemes) {
      state.schemes.push(...schemes);
    },
    handle(scheme, handler) {
      state.protocolHandlers[scheme] = handler;
    },
  },
  session: {
    defaultSession: {
      setPermissionRequestHandler(handler) {
        state.permissionRequestHandler = handler;
      },
      setPermissionCheckHandler(handler) {
        state.permissionCheckHandler = handler;
      },
      webRequest: {
        onHeadersReceived(handler) {
          state.headersHandler = handler;
        },
      },
    },
  },
  Menu: {
    buildFromTemplate: (template) => ({ template }),
    setApplicationMenu(menu) {
      state.menus.push(menu.template);
    },
  },
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
  // No keychain under plain Node: the app must start without touching it.
  safeStorage: {
    isEncryptionAvailable: () => false,
    encryptString() {
      throw new Error('fake electron: no keychain');
    },
    decryptString() {
      throw new Error('fake electron: no keychain');
    },
  },
  shell: {
    async openExternal(url) {
      state.opened.push(url);
    },
    async openPath(target) {
      state.opened.push(target);
      return '';
    },
  },
  // Renderer-side modules, for the preload.
  contextBridge: {
    exposeInMainWorld(name, api) {
      state.exposed[name] = api;
    },
  },
  ipcRenderer: new EventEmitter(),
  webUtils: { getPathForFile: (file) => path.join('/picked', file.name) },
};
