// Cluster entry point: `node services/search/dist/main.js` (serve) or `... main.js migrate` (hook Job).
import 'reflect-metadata';
import { runServiceMain } from '@shelfscan/service';
import { searchService } from './search.service-host.js';

runServiceMain(searchService);
