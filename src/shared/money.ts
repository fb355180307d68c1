/** Money is stored in integer minor units; the API shows decimal amounts (2 decimals). */
export const toMinor = (amount: number) => Math.round(amount * 100)
export const toMajor = (minor: number) => Math.round(minor) / 100
