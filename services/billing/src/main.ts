// Cluster entry point: `node services/billing/dist/main.js` (serve) or `... main.js migrate` (hook Job).
import 'reflect-metadata';
import { runServiceMain } from '@shelfscan/service';
import { billingService } from './billing.service-host.js';

runServiceMain(billingService);
