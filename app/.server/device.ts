/**
 * A phone, by its user agent, read the way isbot reads bots: one pattern of the tokens phones'
 * browsers send ("Mobi" covers Android phones, iOS and most others). Tablets are not phones: a QR
 * code handing the payment to "your phone" still makes sense on one. The enhancement script hides
 * the hand-off on a small touch screen this misses (app/enhance/payer.js).
 */
const PHONE = /Mobi|iPhone|iPod|Windows Phone|IEMobile|Opera Mini|BlackBerry|webOS/i;

export const isPhone = (userAgent: string | null): boolean => Boolean(userAgent && PHONE.test(userAgent));
