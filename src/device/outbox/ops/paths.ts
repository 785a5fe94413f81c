// The per-item calls of product.md#the-calls that the outbox sends, as the contract names them.
import { COMMON_APPLICATION_HISTORY, COMMON_MY_SETTING, commonPath } from '../../../core/contract/api.ts';

export const HISTORY_PATH = commonPath(COMMON_APPLICATION_HISTORY);
export const MY_SETTING_PATH = commonPath(COMMON_MY_SETTING);
