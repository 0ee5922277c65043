import type { ThemeConfig } from 'antd';

/**
 * Every colour that carries text meets WCAG AA (4.5:1) on the background it is drawn on. antd's defaults do
 * not: links (#1677ff, 4.1:1; antd takes them from colorInfo, not colorPrimary), danger buttons (#ff4d4f,
 * 3.1:1), the green and success tags' text (3.4:1), placeholders and secondary text (rgba(0,0,0,.25)/.45). Hover and
 * active shades are darker than the base so a hovered button keeps its contrast too.
 */
export const antdTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1f6fb2', // white on it 5.3:1, on white 5.3:1
    colorPrimaryHover: '#185d96',
    colorPrimaryActive: '#11518c',
    colorInfo: '#1f6fb2',
    colorLink: '#1f6fb2',
    colorLinkHover: '#185d96',
    colorLinkActive: '#11518c',
    colorError: '#cf1322', // 5.6:1 on white, 5.1:1 on the error background
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    // Success text (the "Open" tag): 5.4:1 on its background; the light shades stay antd's, not the dark seed's.
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)', // 4.7:1
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 6,
  },
  components: {
    // An empty table's text ("No data", "No allocations linked yet…") is drawn in the disabled grey (1.8:1).
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};
