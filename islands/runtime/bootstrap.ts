/**
 * The inline bootstrap the first island of a page carries (classic script, runs at once).
 * `__SI.r(id, name)` says "this island's HTML has arrived"; `__SI.d(name, hydrate)` is called
 * by the island's module when it has loaded. Whichever comes second hydrates: each island on
 * its own, as early as possible, in any order.
 */
export const BOOTSTRAP =
  'window.__SI||(function(){var d={},q=[];window.__SI={d:function(n,f){d[n]=f;q=q.filter(function(x){return x[1]===n?(f(x[0]),0):1})},r:function(i,n){d[n]?d[n](i):q.push([i,n])}}})()'
