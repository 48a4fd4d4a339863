import crypto from 'node:crypto';
import {
  defaultScenario,
  renderStep,
  SCENARIO_PLANS,
  type TSandboxDialect,
  type TScenario,
  type TStep,
} from './scenarios.js';

/** The sandbox's in-memory world: parcels per carrier account, advanced on a test-driven clock. */
export interface TSandboxHistoryRow {
  at: number;
  step: TStep;
  status: string;
  event?: string;
  label?: string;
  reason?: string;
}

export interface TSandboxParcel {
  dialect: TSandboxDialect;
  /** Credentials namespace: two sellers never see each other's parcels. */
  account: string;
  /** 'yalidine' or 'guepex', the EcoTrack tenant... */
  network: string;
  id: string;
  tracking: string;
  reference: string;
  createdAt: number;
  fields: TParcelFields;
  scenario: TScenario;
  /** Carriers that need validation only start moving once validated. */
  validated: boolean;
  startedAt: number | null;
  nextStep: number;
  nextAt: number | null;
  history: TSandboxHistoryRow[];
  deleted: boolean;
  notes: Array<{ at: number; text: string; station?: string; driver?: string }>;
  driverPhone?: string;
  /** Public label links carry this random token (decision 0037): never a guessable sequence. */
  labelToken: string;
}

/** A label that carries a token: one parcel's, or a batch's (Yalidine's `labels` link). */
export interface TSandboxLabel {
  network: string;
  name: string;
  trackings: string[];
}

const newLabelToken = () => crypto.randomBytes(18).toString('base64url');

/** The payload, normalised across dialects (for labels, lists and lookups). */
export interface TParcelFields {
  name: string;
  phone: string;
  address: string;
  wilayaCode: number;
  wilayaName: string;
  commune: string;
  cod: number;
  stopdesk: boolean;
  stopdeskId?: string;
  product: string;
  raw: Record<string, unknown>;
}

export interface TStatusChange {
  parcel: TSandboxParcel;
  row: TSandboxHistoryRow;
}

export interface TSandboxStoreSnapshot {
  sequence: number;
  parcels: TSandboxParcel[];
  labels: Array<[string, TSandboxLabel]>;
  batchTokens: Array<[string, string]>;
  scenarios: Array<[string, TScenario]>;
}

export class SandboxStore {
  readonly parcels: TSandboxParcel[] = [];
  /** Label token -> what it prints. */
  readonly labels = new Map<string, TSandboxLabel>();
  private readonly batchTokens = new Map<string, string>();
  private readonly scenarioByKey = new Map<string, TScenario>();
  private sequence = 0;
  defaultScenario: TScenario | null = null;

  constructor(private readonly now: () => number) {}

  /** Everything remembered, as plain JSON (persist.ts keeps the demo's parcels across restarts). */
  snapshot(): TSandboxStoreSnapshot {
    return {
      sequence: this.sequence,
      parcels: this.parcels,
      labels: [...this.labels],
      batchTokens: [...this.batchTokens],
      scenarios: [...this.scenarioByKey],
    };
  }

  /** Takes back a snapshot's parcels, labels and scenarios (a fresh store only). */
  restore(snapshot: TSandboxStoreSnapshot): void {
    this.sequence = snapshot.sequence;
    this.parcels.push(...snapshot.parcels);
    for (const [token, label] of snapshot.labels) this.labels.set(token, label);
    for (const [key, token] of snapshot.batchTokens) this.batchTokens.set(key, token);
    for (const [key, scenario] of snapshot.scenarios) this.scenarioByKey.set(key, scenario);
  }

  /** Sets what will happen to a parcel, by our reference (before creation) or its tracking (after). */
  setScenario(referenceOrTracking: string, scenario: TScenario): void {
    this.scenarioByKey.set(referenceOrTracking, scenario);
    const parcel = this.parcels.find((p) => p.tracking === referenceOrTracking || p.reference === referenceOrTracking);
    if (!parcel || parcel.nextStep > 0) return; // already moving: its life is written
    parcel.scenario = scenario;
    const plan = SCENARIO_PLANS[scenario];
    if (parcel.startedAt !== null) parcel.nextAt = plan.length ? parcel.startedAt + plan[0]![1] : null;
  }

  create(input: {
    dialect: TSandboxDialect;
    account: string;
    network: string;
    reference: string;
    fields: TParcelFields;
    tracking: (seq: number) => string;
    id?: (seq: number) => string;
    startsOnCreation: boolean;
  }): { parcel: TSandboxParcel; changes: TStatusChange[] } {
    const seq = ++this.sequence;
    const now = this.now();
    const parcel: TSandboxParcel = {
      dialect: input.dialect,
      account: input.account,
      network: input.network,
      id: input.id ? input.id(seq) : crypto.randomUUID(),
      tracking: input.tracking(seq),
      reference: input.reference,
      createdAt: now,
      fields: input.fields,
      scenario: this.scenarioByKey.get(input.reference) ?? this.defaultScenario ?? defaultScenario(input.reference),
      validated: false,
      startedAt: null,
      nextStep: 0,
      nextAt: null,
      history: [],
      deleted: false,
      notes: [],
      labelToken: newLabelToken(),
    };
    this.parcels.push(parcel);
    this.labels.set(parcel.labelToken, {
      network: parcel.network,
      name: parcel.tracking,
      trackings: [parcel.tracking],
    });
    const changes = [this.record(parcel, 'created', now)];
    if (input.startsOnCreation) this.start(parcel);
    return { parcel, changes };
  }

  validate(parcel: TSandboxParcel): TStatusChange[] {
    if (parcel.validated) return [];
    parcel.validated = true;
    const change = this.record(parcel, 'validated', this.now());
    this.start(parcel);
    return [change];
  }

  cancel(parcel: TSandboxParcel): TStatusChange[] {
    parcel.nextAt = null;
    return [this.record(parcel, 'cancelled', this.now())];
  }

  find(dialect: TSandboxDialect, account: string, predicate: (p: TSandboxParcel) => boolean): TSandboxParcel[] {
    return this.parcels.filter((p) => p.dialect === dialect && p.account === account && !p.deleted && predicate(p));
  }

  byTracking(dialect: TSandboxDialect, account: string, tracking: string): TSandboxParcel | undefined {
    return this.find(dialect, account, (p) => p.tracking === tracking || p.id === tracking)[0];
  }

  /** The public link of a parcel's label: unguessable, on the sandbox's loopback address. */
  labelUrl(publicUrl: string, parcel: TSandboxParcel): string {
    return `${publicUrl}/l/${parcel.labelToken}/labels/${parcel.network}/${parcel.tracking}.pdf`;
  }

  /** The link of a batch label (one per name); `tracking` joins the batch. */
  batchLabelUrl(publicUrl: string, network: string, name: string, tracking: string): string {
    const key = `${network}/${name}`;
    let token = this.batchTokens.get(key);
    if (!token) {
      token = newLabelToken();
      this.batchTokens.set(key, token);
      this.labels.set(token, { network, name, trackings: [] });
    }
    this.labels.get(token)!.trackings.push(tracking);
    return `${publicUrl}/l/${token}/labels/${network}/${name}.pdf`;
  }

  /** The last step a parcel reached (its current status). */
  current(parcel: TSandboxParcel): TSandboxHistoryRow {
    return parcel.history[parcel.history.length - 1]!;
  }

  /** Applies every step due at `upTo`, in time order across parcels (the clock calls this). */
  advance(upTo: number): TStatusChange[] {
    const changes: TStatusChange[] = [];
    for (;;) {
      let due: TSandboxParcel | undefined;
      for (const p of this.parcels) {
        if (p.nextAt !== null && p.nextAt <= upTo && !p.deleted && (!due || p.nextAt < due.nextAt!)) due = p;
      }
      if (!due) return changes;
      const plan = SCENARIO_PLANS[due.scenario];
      const [step] = plan[due.nextStep]!;
      changes.push(this.record(due, step, due.nextAt!));
      due.nextStep += 1;
      due.nextAt = due.nextStep < plan.length ? due.nextAt! + plan[due.nextStep]![1] : null;
    }
  }

  private start(parcel: TSandboxParcel): void {
    parcel.startedAt = this.now();
    const plan = SCENARIO_PLANS[parcel.scenario];
    parcel.nextStep = 0;
    parcel.nextAt = plan.length ? parcel.startedAt + plan[0]![1] : null;
  }

  private record(parcel: TSandboxParcel, step: TStep, at: number): TStatusChange {
    const rendered = renderStep(parcel.dialect, step);
    const row: TSandboxHistoryRow = { at, step, ...rendered };
    parcel.history.push(row);
    if (step === 'out_for_delivery')
      parcel.driverPhone = `0555${String(parcel.createdAt % 1_000_000).padStart(6, '0')}`;
    return { parcel, row };
  }
}
