// Cluster entry point: `node services/admin/dist/main.js` (serve) or `... main.js migrate` (hook Job).
import 'reflect-metadata';
import { runServiceMain } from '@shelfscan/service';
import { adminService } from './admin.service-host.js';

runServiceMain(adminService);
