import { Module, type DynamicModule } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { BusClient } from '@shelfscan/bus';
import { Clock } from '@shelfscan/clock';
import { AccountController } from './account/account.controller.js';
import { AccountService } from './account/account.service.js';
import { AdminController, ContactController } from './admin/admin.controller.js';
import { AdminGatewayService } from './admin/admin.service.js';
import {
  BillingAdminController,
  BillingController,
  ThreeDsController,
} from './billing/billing.controller.js';
import { CardSealer } from './billing/card-sealer.js';
import { BillingGatewayService } from './billing/billing.service.js';
import { ApiTokensController } from './api-tokens/api-tokens.controller.js';
import { ApiTokensGatewayService } from './api-tokens/api-tokens.service.js';
import { ApiTokenAuthenticator } from './auth/api-tokens.js';
import { CallerInterceptor } from './auth/caller.interceptor.js';
import { JwtStrategy } from './auth/jwt.strategy.js';
import { RolesGuard } from './auth/guards.js';
import { SigningKeySource } from './auth/signing-keys.js';
import { TokenStateCache } from './auth/token-state.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { HealthController } from './health/health.controller.js';
import { SearchController } from './search/search.controller.js';
import { SearchApiService } from './search/search.service.js';
import { TrackersController } from './search/trackers.controller.js';
import { TrackersApiService } from './search/trackers.service.js';
import { SpaController, WEB_DIST_DIR } from './spa/spa.controller.js';
import { LoginDelays } from './throttle/login-delay.js';
import { TelegramController } from './telegram/telegram.controller.js';
import { WebhooksController } from './webhooks/webhooks.controller.js';
import { WebhooksApiService } from './webhooks/webhooks.service.js';
import { ThrottleCounters } from './throttle/throttle-counters.js';

@Module({})
export class GatewayModule {
  static forRoot(deps: {
    config: GatewayConfig;
    bus: BusClient;
    counters: ThrottleCounters;
    clock: Clock;
  }): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        PassportModule,
        ThrottlerModule.forRoot({
          throttlers: [{ name: 'default', ttl: 60_000, limit: deps.config.AUTH_RATE_LIMIT_PER_MINUTE }],
          // in PostgreSQL: every replica counts the same hits
          storage: deps.counters,
        }),
      ],
      controllers: [
        HealthController,
        AccountController,
        AdminController,
        ContactController,
        SearchController,
        TrackersController,
        BillingController,
        BillingAdminController,
        ThreeDsController,
        ApiTokensController,
        WebhooksController,
        TelegramController,
        SpaController,
      ],
      providers: [
        { provide: BusClient, useValue: deps.bus },
        { provide: GATEWAY_CONFIG, useValue: deps.config },
        { provide: Clock, useValue: deps.clock },
        { provide: ThrottleCounters, useValue: deps.counters },
        LoginDelays,
        { provide: SigningKeySource, useValue: new SigningKeySource(deps.bus, deps.config.JWT_PUBLIC_KEY) },
        { provide: WEB_DIST_DIR, useValue: deps.config.WEB_DIST_DIR },
        { provide: TokenStateCache, useValue: new TokenStateCache(deps.bus) },
        { provide: CardSealer, useValue: new CardSealer(deps.config.CARD_SEALING_PUBLIC_KEY) },
        { provide: APP_INTERCEPTOR, useClass: CallerInterceptor },
        AccountService,
        AdminGatewayService,
        SearchApiService,
        TrackersApiService,
        BillingGatewayService,
        WebhooksApiService,
        JwtStrategy,
        RolesGuard,
        ApiTokenAuthenticator,
        ApiTokensGatewayService,
      ],
    };
  }
}
