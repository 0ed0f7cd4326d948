// Cluster entry point: `node services/scraper/dist/main.js` (serve) or `... main.js migrate` (hook Job).
import 'reflect-metadata';
import { runServiceMain } from '@shelfscan/service';
import { scraperService } from './scraper.service-host.js';

runServiceMain(scraperService);
