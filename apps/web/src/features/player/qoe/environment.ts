/** The device as the beacons name it lives in lib/ (/conndiag/'s speed runs name it too). */
export { browserOf, currentEnvironment, osOf, screenClassOf, type QoeEnvironment } from '../../../lib/qoe-environment';
