/** React wrapper of the bot check widget; the parent takes tokens through `controllerRef`. */
import { useEffect, useRef, type RefObject } from 'react';
import { mountBotCheck, type BotAction, type BotCheckController } from './bot-check';
import './bot-check.css';

interface Props {
  action: BotAction;
  controllerRef: RefObject<BotCheckController | null>;
  onReadyChange?: (ready: boolean) => void;
}

export function BotCheck({ action, controllerRef, onReadyChange }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const onChange = useRef(onReadyChange);

  useEffect(() => {
    onChange.current = onReadyChange;
  }, [onReadyChange]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const controller = mountBotCheck(element, action, (ready) => onChange.current?.(ready));
    controllerRef.current = controller;
    return () => {
      controller.destroy();
      controllerRef.current = null;
    };
  }, [action, controllerRef]);

  // The widget's own DOM is managed by mountBotCheck, so React renders no children here.
  return <div ref={container} className="botcheck" />;
}
