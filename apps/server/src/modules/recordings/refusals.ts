import type { RecordingRefusal } from '@pantalla/contracts';
import { AppError } from '../../platform/errors';

const STATUS: Record<RecordingRefusal, { status: number; code: 'conflict' | 'forbidden'; message: string }> = {
  quota_full: { status: 409, code: 'conflict', message: 'No queda espacio de grabación para este programa.' },
  channel_forbids: { status: 403, code: 'forbidden', message: 'Este canal no permite grabar.' },
  external_no_catchup: {
    status: 409,
    code: 'conflict',
    message: 'Este canal externo no tiene archivo de catch-up: no se puede grabar.',
  },
  outside_catchup: { status: 409, code: 'conflict', message: 'El programa ya no está en el archivo de catch-up.' },
  no_rights: { status: 403, code: 'forbidden', message: 'Tu suscripción no incluye este canal.' },
};

/** A refused "Grabar": the status, and the reason the button shows in `data.recording`. */
export function refuseRecording(reason: RecordingRefusal): AppError {
  const { status, code, message } = STATUS[reason];
  return new AppError(status, code, message, { recording: reason });
}
