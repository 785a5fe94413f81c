import base from '../playwright.config.ts';
import { defineConfig } from '@playwright/test';
export default defineConfig({ ...base, testDir: '.', globalSetup: undefined });
