/** Run in a child process with no session bus: prints whether the pinned keychain store refused to store. */
import { KeychainStore } from '../keychainStore';

try {
  await KeychainStore.load('linux').setPassword('gen-studio-pin-test', 'probe', 'sk-should-not-be-stored');
  console.log('stored (fell back to another store)');
} catch (error) {
  console.log(`refused: ${error instanceof Error ? error.message : String(error)}`);
}
