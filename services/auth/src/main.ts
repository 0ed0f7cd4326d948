// Cluster entry point: `node services/auth/dist/main.js` (serve) or `... main.js migrate` (hook Job).
import 'reflect-metadata';
import { runServiceMain } from '@shelfscan/service';
import { authService } from './auth.service-host.js';

runServiceMain(authService);
