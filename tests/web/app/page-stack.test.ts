import { describe, expect, it } from 'vitest';
import { PageStack, bindBrowserHistory } from '../../../src/app/navigation';

const page = (title: string) => ({ title, render: () => title });

describe('PageStack', () => {
  it('resolves push with the result the page closes with', async () => {
    const stack = new PageStack();
    stack.reset(page('root'));
    const picked = stack.push<{ id: number }>(page('picker'));
    expect(stack.depth).toBe(2);
    expect(stack.top?.title).toBe('picker');
    stack.pop({ id: 42 });
    await expect(picked).resolves.toEqual({ id: 42 });
    expect(stack.depth).toBe(1);
  });

  it('a leave guard asks before back pops its page: refused stays, accepted pops', async () => {
    const stack = new PageStack();
    stack.reset(page('root'));
    void stack.push(page('editor'));
    const id = stack.top!.id;
    let answer = false;
    let asked = 0;
    stack.setLeaveGuard(id, async () => { asked += 1; return answer; });
    stack.pop();
    await Promise.resolve();
    await Promise.resolve();
    expect(asked).toBe(1);
    expect(stack.depth).toBe(2);
    answer = true;
    stack.pop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toBe(2);
    expect(stack.depth).toBe(1);
  });

  it('never pops the root', () => {
    const stack = new PageStack();
    stack.reset(page('root'));
    expect(stack.pop()).toBe(false);
    expect(stack.depth).toBe(1);
  });

  it('closing a lower page closes the pages above it, which resolve undefined', async () => {
    const stack = new PageStack();
    stack.reset(page('root'));
    const form = stack.push<string>(page('form'));
    const formId = stack.top!.id;
    const picker = stack.push<string>(page('picker'));
    stack.close(formId, 'saved');
    await expect(picker).resolves.toBeUndefined();
    await expect(form).resolves.toBe('saved');
    expect(stack.entries.map((e) => e.title)).toEqual(['root']);
  });

  it('reset replaces everything and settles pending pushes with undefined', async () => {
    const stack = new PageStack();
    stack.reset(page('login'));
    const pending = stack.push(page('forgot'));
    stack.reset(page('home'));
    await expect(pending).resolves.toBeUndefined();
    expect(stack.entries.map((e) => e.title)).toEqual(['home']);
  });

  it('a component page receives its params and close', async () => {
    const stack = new PageStack();
    stack.reset(page('root'));
    let received: unknown;
    const done = stack.push<string, { code: string }>({
      title: 'module',
      component: ({ params, close }) => {
        received = params;
        close(`submitted ${params.code}`);
        return null;
      },
      params: { code: 'purchase' },
    });
    // Rendering the element calls the component, as the shell would.
    const element = stack.top!.render((result) => stack.close(stack.top!.id, result)) as { type: (p: unknown) => unknown; props: unknown };
    element.type(element.props);
    expect(received).toEqual({ code: 'purchase' });
    await expect(done).resolves.toBe('submitted purchase');
  });
});

describe('browser history binding', () => {
  function nextPopState() {
    return new Promise<void>((resolve) => window.addEventListener('popstate', () => setTimeout(resolve, 0), { once: true }));
  }

  it('adds a history entry per push and pops one page on the back button', async () => {
    window.history.replaceState(null, '', '/');
    const stack = new PageStack();
    stack.reset(page('home'));
    const unbind = bindBrowserHistory(stack, window, () => {});
    const before = window.history.length;
    const first = stack.push(page('one'));
    void stack.push(page('two'));
    expect(window.history.length).toBe(before + 2);

    let popped = nextPopState();
    window.history.back();
    await popped;
    expect(stack.entries.map((e) => e.title)).toEqual(['home', 'one']);

    popped = nextPopState();
    window.history.back();
    await popped;
    await expect(first).resolves.toBeUndefined();
    expect(stack.depth).toBe(1);
    unbind();
  });

  it('a programmatic pop goes back in history without popping a second page', async () => {
    window.history.replaceState(null, '', '/');
    const stack = new PageStack();
    stack.reset(page('home'));
    const unbind = bindBrowserHistory(stack, window, () => {});
    void stack.push(page('one'));
    void stack.push(page('two'));
    const popped = nextPopState();
    stack.pop('done');
    await popped;
    expect(stack.entries.map((e) => e.title)).toEqual(['home', 'one']);
    unbind();
  });

  it('a page pushed while a programmatic pop is still moving history keeps its entry, so back pops it', async () => {
    window.history.replaceState(null, '', '/');
    const stack = new PageStack();
    stack.reset(page('home'));
    const unbind = bindBrowserHistory(stack, window, () => {});
    void stack.push(page('list'));
    void stack.push(page('detail'));
    // "Submit again": close the detail page and at once open the form, before history settles.
    let popped = nextPopState();
    stack.pop();
    void stack.push(page('form'));
    await popped;
    expect(window.history.state).toEqual({ ringiDepth: 3 });
    popped = nextPopState();
    window.history.back();
    await popped;
    expect(stack.entries.map((e) => e.title)).toEqual(['home', 'list']);
    unbind();
  });

  it('reports the path when the back button moves between root pages', async () => {
    window.history.replaceState(null, '', '/');
    const stack = new PageStack();
    stack.reset(page('home'));
    const paths: string[] = [];
    const unbind = bindBrowserHistory(stack, window, (path) => paths.push(path));
    window.history.pushState({ ringiDepth: 1 }, '', '/admin');
    const popped = nextPopState();
    window.history.back();
    await popped;
    expect(paths).toEqual(['/']);
    unbind();
  });
});
