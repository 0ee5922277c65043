import { lazy, type ComponentType } from 'react';

/**
 * A page or area drawn with antd, loaded on first visit together with the app's antd theme (AntdTheme), so
 * that the screens without antd (the shell, the budget detail) never wait for it.
 */
export function antdArea(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [{ default: Area }, { AntdTheme }] = await Promise.all([load(), import(/* webpackChunkName: "antd-theme" */ './AntdTheme')]);
    return {
      default: function ThemedArea() {
        return (
          <AntdTheme>
            <Area />
          </AntdTheme>
        );
      },
    };
  });
}
