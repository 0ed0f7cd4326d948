// Lets TypeScript sources import each other with the `.js` extension that nodenext resolution
// requires: `./foo.js` resolves to `./foo.ts` when that exists (outside node_modules).
module.exports = (request, options) => {
  if (/^\.{1,2}\/.*\.js$/.test(request) && !options.basedir.includes(`${require('path').sep}node_modules`)) {
    try {
      return options.defaultResolver(request.replace(/\.js$/, '.ts'), options);
    } catch {
      // not a TypeScript source: fall through
    }
  }
  return options.defaultResolver(request, options);
};
