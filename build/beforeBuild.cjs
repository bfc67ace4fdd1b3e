// electron-builder hook. Returning false tells electron-builder that node_modules are handled
// outside it: it then neither rebuilds native modules in place (which would swap the Node
// build of better-sqlite3 that the tests use for an Electron one) nor copies the project's
// node_modules into the app (everything the app runs is bundled into dist/app/electron/main.cjs;
// Electron's build of the SQLite addon ships through "extraResources").
module.exports = async function beforeBuild() {
  return false;
};
