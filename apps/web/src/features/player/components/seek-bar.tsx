import { useRef, useState } from 'react';
import type { Thumbnail } from '../adapter/shaka-adapter';
import { PLAYER } from '../lib/constants';
import { fromSlider, toSlider } from '../lib/format';

export interface SeekBarProps {
  label: string;
  position: number;
  start: number;
  end: number;
  disabled?: boolean;
  /** Text for a position (clock time for VOD, wall time for live). */
  format: (seconds: number) => string;
  onSeek: (seconds: number) => void;
  thumbnailAt: (seconds: number) => Promise<Thumbnail | null>;
}

/** Preview width in px; the sprite tile is scaled to it. */
const PREVIEW_WIDTH = 192;

/** The progress slider (0…20430.24, spec) with sprite-sheet previews while hovering or dragging. */
export function SeekBar({ label, position, start, end, disabled, format, onSeek, thumbnailAt }: SeekBarProps) {
  const [preview, setPreview] = useState<{ left: number; seconds: number; thumb: Thumbnail | null } | null>(null);
  const [dragValue, setDragValue] = useState<number | null>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const request = useRef(0);

  const showPreview = (clientX: number) => {
    const bar = barRef.current;
    if (!bar || disabled || !(end > start)) return;
    const rect = bar.getBoundingClientRect();
    const ratio = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
    const seconds = start + ratio * (end - start);
    const id = (request.current += 1);
    setPreview((current) => ({ left: ratio * rect.width, seconds, thumb: current?.thumb ?? null }));
    void thumbnailAt(seconds).then((thumb) => {
      if (request.current === id) setPreview({ left: ratio * rect.width, seconds, thumb });
    });
  };

  const value = dragValue ?? toSlider(position, start, end);
  const scale = preview?.thumb ? PREVIEW_WIDTH / preview.thumb.width : 1;
  return (
    <div
      className="seek-bar"
      ref={barRef}
      onMouseMove={(e) => showPreview(e.clientX)}
      onMouseLeave={() => setPreview(null)}
    >
      {preview ? (
        <div className="seek-bar__preview" style={{ left: preview.left }} data-testid="seek-preview">
          {preview.thumb ? (
            <div
              className="seek-bar__thumb"
              role="img"
              aria-label={format(preview.seconds)}
              style={{
                width: PREVIEW_WIDTH,
                height: preview.thumb.height * scale,
                backgroundImage: `url("${preview.thumb.url}")`,
                backgroundSize: `${preview.thumb.sheetWidth * scale}px ${preview.thumb.sheetHeight * scale}px`,
                backgroundPosition: `-${preview.thumb.x * scale}px -${preview.thumb.y * scale}px`,
              }}
            />
          ) : null}
          <span className="seek-bar__time">{format(preview.seconds)}</span>
        </div>
      ) : null}
      <input
        type="range"
        className="seek-bar__input"
        aria-label={label}
        aria-valuetext={format(fromSlider(value, start, end))}
        min={0}
        max={PLAYER.sliderMax}
        step="any"
        value={value}
        disabled={disabled}
        style={{ ['--progress' as string]: `${(value / PLAYER.sliderMax) * 100}%` }}
        // The slider follows the pointer or keys; the seek happens on release.
        onChange={(event) => setDragValue(Number(event.target.value))}
        onPointerUp={() => {
          if (dragValue !== null) onSeek(fromSlider(dragValue, start, end));
          setDragValue(null);
        }}
        onKeyUp={() => {
          if (dragValue !== null) onSeek(fromSlider(dragValue, start, end));
          setDragValue(null);
        }}
        onBlur={() => setDragValue(null)}
      />
    </div>
  );
}
