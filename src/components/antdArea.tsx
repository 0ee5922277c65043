import { lazy, type ComponentType } from 'react';

/**
 * A page or area drawn with antd, loaded on first visit together with the app's antd theme (AntdTheme), so
 * that the shell, drawn without antd, never waits for it (the budget detail loads antd's Table and the theme itself).
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
