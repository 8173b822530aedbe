/** Who last got a passport on this device: 'Welcome Back,' greets them by name next time. */
const VISITOR_KEY = 'medbook.vaccine-passport.visitor';

export function rememberPassportVisitor(firstName: string): void {
  localStorage.setItem(VISITOR_KEY, firstName);
}

export function passportVisitor(): string | null {
  return localStorage.getItem(VISITOR_KEY);
}
