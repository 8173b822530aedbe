/** The camera and microphone chosen at the readiness check, kept for the call. */
export interface DeviceChoice {
  readonly cameraId: string | null;
  readonly microphoneId: string | null;
}

const CHOICE_KEY = 'medbook.meeting-devices';

export function savedDevices(): DeviceChoice {
  try {
    const raw = localStorage.getItem(CHOICE_KEY);
    if (raw) return JSON.parse(raw) as DeviceChoice;
  } catch {
    // A browser without storage: the defaults.
  }
  return { cameraId: null, microphoneId: null };
}

export function saveDevices(choice: DeviceChoice): void {
  try {
    localStorage.setItem(CHOICE_KEY, JSON.stringify(choice));
  } catch {
    // Not kept: the call uses the browser's defaults.
  }
}

/** Why there is no camera or microphone, in words a patient can act on. */
export type MediaProblem = 'denied' | 'no-device' | 'in-use' | 'unsupported' | null;

export function problemOf(error: unknown): MediaProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-device';
  if (name === 'NotReadableError' || name === 'AbortError') return 'in-use';
  return 'unsupported';
}

export const PROBLEM_TEXT: Record<Exclude<MediaProblem, null>, { title: string; help: string }> = {
  denied: {
    title: 'Camera and microphone are blocked',
    help: 'Allow this site to use your camera and microphone: select the camera icon in the address bar, choose Allow, then select Try again.',
  },
  'no-device': {
    title: 'No camera or microphone found',
    help: 'Connect a camera and microphone (or a headset), then select Try again. You can still join and use the chat.',
  },
  'in-use': {
    title: 'Your camera is in use',
    help: 'Close other apps that use the camera or microphone (another call, for example), then select Try again.',
  },
  unsupported: {
    title: 'This browser cannot start video',
    help: 'Use a current version of Chrome, Edge, Firefox or Safari, on a secure (https) address.',
  },
};

/** Camera and microphone as chosen (either may be missing: the call goes on with what there is). */
export async function openMedia(choice: DeviceChoice): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new DOMException('No media devices', 'NotSupportedError');
  }
  const video: MediaTrackConstraints = {
    width: { ideal: 1280 },
    height: { ideal: 720 },
    ...(choice.cameraId ? { deviceId: { exact: choice.cameraId } } : {}),
  };
  const audio: MediaTrackConstraints = {
    echoCancellation: true,
    noiseSuppression: true,
    ...(choice.microphoneId ? { deviceId: { exact: choice.microphoneId } } : {}),
  };
  try {
    return await navigator.mediaDevices.getUserMedia({ video, audio });
  } catch (error) {
    // A device that went away since it was chosen: the defaults.
    if (error instanceof DOMException && error.name === 'OverconstrainedError') {
      return navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    }
    throw error;
  }
}

export async function listDevices(): Promise<{
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  return {
    cameras: devices.filter((d) => d.kind === 'videoinput'),
    microphones: devices.filter((d) => d.kind === 'audioinput'),
  };
}

/** The microphone's level, 0 to 1, about 20 times a second, until the returned stop is called. */
export function meterLevel(stream: MediaStream, onLevel: (level: number) => void): () => void {
  const track = stream.getAudioTracks()[0];
  if (!track) return () => undefined;
  const context = new AudioContext();
  const source = context.createMediaStreamSource(new MediaStream([track]));
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const timer = window.setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    onLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
  }, 50);
  return () => {
    window.clearInterval(timer);
    source.disconnect();
    void context.close();
  };
}

export function stopMedia(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}
