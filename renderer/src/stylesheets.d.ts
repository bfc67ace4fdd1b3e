// Stylesheets are imported for their side effect only (Vite bundles them into the page's CSS).
// TypeScript 7 checks that every side-effect import resolves to something it can type
// (noUncheckedSideEffectImports is on by default), and a .css file has no types of its own.
declare module '*.css';
