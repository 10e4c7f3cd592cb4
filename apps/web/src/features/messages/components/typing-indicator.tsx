/** "… is typing" with three bouncing dots; announced politely to screen readers. */
export function TypingIndicator({ name, isTyping }: { name: string; isTyping: boolean }) {
  return (
    <div role="status" aria-live="polite" className="h-6 px-4 text-sm text-stone-600 dark:text-stone-400">
      {isTyping && (
        <span className="inline-flex items-center gap-2">
          <span className="inline-flex gap-0.5" aria-hidden="true">
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                className="h-1.5 w-1.5 animate-bounce rounded-full bg-stone-500 dark:bg-stone-400"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </span>
          {name} is typing…
        </span>
      )}
    </div>
  );
}
