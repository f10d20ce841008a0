/** Names of Ringi's custom widgets and fields (filled by the widgets' owner; React-free). */
export const customWidgetNames: readonly string[] = [];
