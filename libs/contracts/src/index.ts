export * from './envelope';
export * from './error-messages';
export * from './health';
export * from './socket-events';
export * from './practice.dto';
export * from './identity.dto';
export * from './scheduling';
export * from './directory.dto';
