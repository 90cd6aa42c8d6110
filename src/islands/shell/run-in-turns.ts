/**
 * Runs start-up steps one per task, so that no single task of the page's script holds the main
 * thread for long while the page loads (issue 3's total blocking time: a phone's browser cannot
 * answer a tap during a task). `scheduler.yield()` lets the browser paint or handle input between
 * two steps and then resumes ahead of other queued work; browsers without it get a timer task.
 * A step that throws is reported and does not stop the ones after it.
 */
type Step = () => void;

function nextTurn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export async function runInTurns(steps: readonly Step[]): Promise<void> {
  for (const step of steps) {
    await nextTurn();
    try {
      step();
    } catch (error) {
      reportError(error);
    }
  }
}
