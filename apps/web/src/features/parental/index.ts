/** The adult-content PIN: the rule that asks for it and the gate that asks. */
export { AdultPinGate, adultEntryStore } from './components/pin-gate';
export { hidesAdultItems, isAdultItem, needsAdultPin } from './lib/pin-rule';
