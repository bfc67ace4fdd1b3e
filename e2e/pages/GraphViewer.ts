import { expect, type Locator, type Page } from '@playwright/test';

/** The SOP graph viewer in the item page's Review tab: canvas, toolbar, inspector, journeys. */
export class GraphViewer {
  readonly root: Locator;
  readonly canvas: Locator;
  readonly nodes: Locator;
  readonly edgeLabels: Locator;
  readonly legend: Locator;
  readonly inspector: Locator;
  readonly nodeInspector: Locator;
  readonly edgeInspector: Locator;
  readonly overview: Locator;
  readonly journeysTab: Locator;
  readonly journeys: Locator;
  readonly journeySteps: Locator;
  readonly journeyPosition: Locator;
  readonly minimap: Locator;
  /** The pan/zoom transform of the canvas. */
  readonly viewport: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('graph-viewer');
    this.canvas = page.getByTestId('graph-canvas');
    this.nodes = this.root.getByTestId('graph-node');
    this.edgeLabels = this.root.getByTestId('graph-edge-label');
    this.legend = this.root.getByTestId('graph-legend');
    this.inspector = this.root.getByTestId('inspector');
    this.nodeInspector = this.root.getByTestId('node-inspector');
    this.edgeInspector = this.root.getByTestId('edge-inspector');
    this.overview = this.root.getByTestId('graph-overview');
    this.journeysTab = this.root.getByRole('tab', { name: /^Journeys/ });
    this.journeys = this.root.getByTestId('journey');
    this.journeySteps = this.root.getByTestId('journey-steps');
    this.journeyPosition = this.root.getByTestId('journey-position');
    this.minimap = this.root.locator('.react-flow__minimap');
    this.viewport = this.root.locator('.react-flow__viewport');
  }

  /** Waits until the graph is laid out and drawn. */
  async waitReady(timeout = 30_000): Promise<void> {
    await expect(this.root).toHaveAttribute('data-ready', 'true', { timeout });
    await expect(this.nodes.first()).toBeVisible({ timeout });
  }

  node(id: string): Locator {
    return this.root.locator(`[data-testid="graph-node"][data-node-id="${id}"]`);
  }

  edgeLabel(key: string): Locator {
    return this.root.locator(`[data-testid="graph-edge-label"][data-edge-key="${key}"]`);
  }

  /** The finding badge pinned on a node. */
  nodeBadge(id: string): Locator {
    return this.node(id).getByTestId('graph-finding-badge');
  }

  /**
   * Clicks a node until its inspector opens: on a loaded machine the first click can land
   * while React Flow is still moving the viewport into place.
   */
  async selectNode(id: string): Promise<void> {
    await expect(async () => {
      await this.node(id).click();
      await expect(this.nodeInspector).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }

  async selectEdge(key: string): Promise<void> {
    await expect(async () => {
      await this.edgeLabel(key).click();
      await expect(this.edgeInspector).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }

  /** `]` / `[`: the next or previous journey, as a reviewer steps through them. */
  async nextJourney(): Promise<void> {
    await this.page.keyboard.press(']');
  }

  async previousJourney(): Promise<void> {
    await this.page.keyboard.press('[');
  }

  /** The current zoom of the canvas, read from its transform (`translate(…) scale(z)`). */
  async zoom(): Promise<number> {
    const style = (await this.viewport.getAttribute('style')) ?? '';
    const match = /scale\(([-\d.e]+)\)/.exec(style);
    return match ? Number(match[1]) : 1;
  }

  /** The node search box in the toolbar. */
  get search(): Locator {
    return this.root.getByRole('combobox', { name: 'Find a node' });
  }

  /** Finds a node with the search box, as a reviewer types its id or title and picks it. */
  async find(text: string, id: string): Promise<void> {
    await this.search.fill(text);
    await this.page.getByRole('option', { name: new RegExp(`^${id}\\b`) }).click();
  }

  /**
   * The ids of drawn nodes not wholly inside the canvas, and how many nodes are drawn: one
   * measurement in the page, so a 200-node graph is checked at once.
   */
  async nodesOffScreen(): Promise<{ drawn: number; off: string[] }> {
    return this.root.evaluate((root) => {
      const canvas = root.querySelector('[data-testid="graph-canvas"]')!.getBoundingClientRect();
      const nodes = [...root.querySelectorAll('[data-testid="graph-node"]')];
      const off = nodes.filter((n) => {
        const b = n.getBoundingClientRect();
        return b.left < canvas.left - 0.5 || b.top < canvas.top - 0.5 || b.right > canvas.right + 0.5 || b.bottom > canvas.bottom + 0.5;
      });
      return { drawn: nodes.length, off: off.map((n) => n.getAttribute('data-node-id') ?? '?') };
    });
  }

  /** Whether an element's centre lies inside the canvas's visible area. */
  async isInView(locator: Locator): Promise<boolean> {
    const [box, canvas] = await Promise.all([locator.boundingBox(), this.canvas.boundingBox()]);
    if (!box || !canvas) return false;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    return cx >= canvas.x && cx <= canvas.x + canvas.width && cy >= canvas.y && cy <= canvas.y + canvas.height;
  }
}
