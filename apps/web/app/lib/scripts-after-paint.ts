import { TYPED_BEFORE_HYDRATION } from './early-input';

/**
 * A page's scripts start once it has painted: the server holds `<Scripts>`' module script and its module preloads,
 * and writes START_SCRIPTS_AFTER_PAINT after it, which starts them after the first contentful paint
 * (holdScriptsUntilPainted, in render-document.server.tsx). The starter is written by the server alone: React skips
 * a tag it did not render when it hydrates the body, and the browser's bundle does not carry the starter's text.
 *
 * Why: a page paints and works without its scripts (its links and forms are plain HTML), and its first screen needs
 * only its stylesheets and its main picture. When the 94 KB framework script arrives before the first paint, Chrome
 * evaluates it first, and Lighthouse's estimate of the largest paint counts every request that ended before that
 * paint: a race the same build won at 0.93 s and lost at 2.2 s. Started after the paint, the scripts never delay it.
 * What a shopper types before the page hydrates is handed to it then (early-input.ts).
 *
 * The held script keeps its text and its nonce, so the copy that runs is allowed by the page's Content-Security-Policy
 * as the original was: by the same nonce, or on a kept page by the same hash (server/page-seal.ts).
 */
export const HELD_SCRIPT_TYPE = 'text/x-after-first-paint';

/**
 * The inline starter, right after the held script. It waits for the first contentful paint, then puts the module
 * preloads back and runs a copy of the held script. Without paint timing (older browsers) it starts on the load
 * event; a page loaded in a tab the shopper has not looked at yet does not paint, and starts at its load; and 5 s
 * after the load event it starts in any case. Until then it keeps what is typed into each textarea on the field, for
 * the replay once the page has hydrated (early-input.ts: hydration sets a textarea served with text back to it).
 */
export const START_SCRIPTS_AFTER_PAINT = `(function(){
var painted=false,started=false;
document.addEventListener('input',function(event){var field=event.target;if(field.tagName==='TEXTAREA')field.${TYPED_BEFORE_HYDRATION}=field.value;},true);
function start(){
if(started||!painted)return;
var held=document.querySelector('script[type="${HELD_SCRIPT_TYPE}"]');
if(!held)return;
started=true;
(held.getAttribute('data-modulepreload')||'').split(' ').forEach(function(href){
if(!href)return;
var link=document.createElement('link');link.rel='modulepreload';link.href=href;link.nonce=held.nonce;document.head.appendChild(link);
});
var script=document.createElement('script');script.type='module';script.nonce=held.nonce;script.textContent=held.textContent;held.replaceWith(script);
}
function paint(){painted=true;start();}
addEventListener('load',function(){if(document.visibilityState==='hidden')paint();setTimeout(paint,5000);});
if(window.PerformanceObserver&&(PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')>=0){
new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();paint();}}).observe({type:'paint',buffered:true});
}else addEventListener('load',paint);
})();`;
