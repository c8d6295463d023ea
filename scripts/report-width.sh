#!/usr/bin/env bash
# Which tables of a report scroll sideways at a window width (none should at 800 px).
# usage: scripts/report-width.sh REPORT.html [WIDTH]   (needs chromium; exit 1 when a table scrolls, 3 without chromium)
set -euo pipefail
f=${1:?usage: scripts/report-width.sh REPORT.html [WIDTH]}; w=${2:-800}
command -v chromium >/dev/null || { echo "report-width: chromium not found (apt-get install -y chromium)" >&2; exit 3; }
tmp=$(mktemp --suffix=.html); trap 'rm -f "$tmp"' EXIT
cat "$f" > "$tmp"
cat >> "$tmp" <<'JS'
<script>
window.addEventListener('load',()=>{const out=[];document.querySelectorAll('.scroll').forEach((d,i)=>{if(d.scrollWidth>d.clientWidth+1){const h=d.querySelector('tr');out.push('table '+i+': '+d.scrollWidth+' px in '+d.clientWidth+' px: '+(h?h.innerText.replace(/\s+/g,' ').slice(0,100):''))}});const p=document.createElement('pre');p.textContent='WIDTH['+out.join('\n')+']WIDTH';document.body.appendChild(p);});
</script>
JS
res=$(timeout 60 chromium --headless --no-sandbox --disable-gpu --window-size="$w",900 --virtual-time-budget=3000 --dump-dom "file://$tmp" 2>/dev/null \
  | tr '\n' '\r' | grep -o 'WIDTH\[[^]]*\]WIDTH' | tail -n 1 | tr '\r' '\n' | sed 's/^WIDTH\[//; s/\]WIDTH$//')
if [[ -n "$res" ]]; then echo "$res"; exit 1; fi
echo "report-width: no table scrolls sideways at $w px"
