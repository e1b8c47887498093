// Vite bundles imported stylesheets; TypeScript needs to know such an import is a module.
declare module "*.css";
