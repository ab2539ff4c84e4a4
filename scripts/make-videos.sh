#!/usr/bin/env bash
# Regenerates public/videos/*.mp4 and *.jpg (the /features demo videos) with ffmpeg lavfi.
# Usage: bash scripts/make-videos.sh [scene-name ...]   (no names: all seven)
# Needs ffmpeg with libx264 and the DejaVu fonts (Debian: ffmpeg fonts-dejavu-core). The site build
# does not: the outputs are committed.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null || { echo "make-videos: ffmpeg not found" >&2; exit 1; }
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || { echo "make-videos: DejaVu fonts missing" >&2; exit 1; }
export PATH="$PWD/node_modules/.bin:$PATH"
exec node scripts/videos/make.mjs "$@"
