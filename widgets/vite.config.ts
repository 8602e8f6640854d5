import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import dts from 'vite-plugin-dts'

/**
 * Two builds of @adrelay/widgets (run by scripts/build_widgets.mjs):
 * - `vite build` (default): the React package, ESM with type declarations, React and
 *   react-dom left to the host app (peer dependencies) → dist/index.js, dist/index.d.ts;
 * - `vite build --mode elements`: the script-tag build, one IIFE with React inside that
 *   defines the custom elements → dist/elements/adrelay-widgets.js.
 */
export default defineConfig(({ mode }) => {
  const root = import.meta.dirname
  if (mode === 'elements') {
    return {
      root,
      plugins: [react()],
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: 'dist/elements',
        emptyOutDir: true,
        target: 'es2020',
        lib: {
          entry: 'src/elements.tsx',
          name: 'AdrelayWidgets',
          formats: ['iife'],
          fileName: () => 'adrelay-widgets.js',
        },
      },
    }
  }
  return {
    root,
    plugins: [
      react(),
      dts({
        tsconfigPath: `${root}/tsconfig.json`,
        include: ['src', '../app/embeds/types.ts'],
        rollupTypes: true,
      }),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2020',
      lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js' },
      rollupOptions: { external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'] },
    },
  }
})
