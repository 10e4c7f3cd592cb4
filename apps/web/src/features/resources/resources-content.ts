/** Static regulatory guidance (spec 02 §2, §5, §9). Guidance, not legal advice: every tab links to the agency. */
/** An in-app next step under a section, e.g. the label maker under the labelling rules. */
export type ResourceAction = { text: string; label: string; to: string };
export type ResourceSection = { heading: string; paragraphs?: string[]; bullets?: string[]; action?: ResourceAction };
export type ResourceLink = { label: string; href: string };
export type ResourceTab = { id: string; label: string; intro: string; sections: ResourceSection[]; links: ResourceLink[] };

export const RESOURCE_TABS: ResourceTab[] = [
  {
    id: 'cottage-food',
    label: 'Cottage Food',
    intro:
      'Kentucky lets home-based processors sell certain low-risk foods made in their own kitchens directly to consumers. Here is what that means for your listings.',
    sections: [
      {
        heading: 'Limits and registration',
        bullets: [
          'Annual gross sales from home-based processing are capped at $60,000.',
          'Home-based processors register with the state each year; the registration fee is $50 per year.',
          'Sales must be direct to the consumer (in person, at farmers markets, roadside stands or by delivery you make yourself).',
          'Allowed foods are non-potentially hazardous: breads, cakes, cookies, jams and jellies, candies, dried herbs and similar items that do not need refrigeration.',
        ],
      },
      {
        heading: 'Labelling every product',
        paragraphs: ['Each package must carry a label with:'],
        bullets: [
          'The common name of the product',
          'The name and address of your operation',
          'The net weight or volume',
          'The date it was processed',
          'The ingredients, in descending order by weight',
          'Allergens (milk, eggs, fish, shellfish, tree nuts, peanuts, wheat, soy, sesame)',
          'The statement “This product is home-produced and processed” in at least 10-point type',
        ],
        action: {
          text: 'Farmstand prints these labels for you from your product details: Avery 5163 and 22806 sheets or a 4″ × 6″ thermal label, with the rules of your state, checked before they print.',
          label: 'Open the label maker',
          to: '/profile?tab=products',
        },
      },
    ],
    links: [
      {
        label: 'Kentucky Department of Agriculture — Home-based processing',
        href: 'https://www.kyagr.com/marketing/home-based-processing.html',
      },
      {
        label: 'Kentucky Cabinet for Health and Family Services — Food Safety',
        href: 'https://www.chfs.ky.gov/agencies/dph/dphps/fsb/Pages/default.aspx',
      },
    ],
  },
  {
    id: 'permits',
    label: 'Permits & Licenses',
    intro: 'Some products need a permit, an inspected facility or a license before you can list them.',
    sections: [
      {
        heading: 'When you need more than cottage-food registration',
        bullets: [
          'Meat and poultry sold by the cut must be processed at a USDA-inspected or state-inspected facility; list the inspection on your product.',
          'Dairy sold to consumers requires a Grade A permit; raw milk cannot be sold for human consumption in Kentucky.',
          'Herdshares (Kentucky only): shoppers buy a share of an animal and pay a boarding or care fee. Do not state a price per gallon and do not sell milk directly.',
          'Raw-milk pet food (Tennessee only) must be labelled for pet consumption only.',
          'Acidified foods (pickles, salsas) and low-acid canned foods need a processing permit and an approved process.',
        ],
      },
    ],
    links: [
      { label: 'USDA Food Safety and Inspection Service', href: 'https://www.fsis.usda.gov/' },
      { label: 'Kentucky Department of Agriculture', href: 'https://www.kyagr.com/' },
      { label: 'Tennessee Department of Agriculture', href: 'https://www.tn.gov/agriculture.html' },
    ],
  },
  {
    id: 'farmers-markets',
    label: 'Farmers Markets',
    intro: 'Markets are where most local food changes hands. A few things to know before your first Saturday.',
    sections: [
      {
        heading: 'Selling at a market',
        bullets: [
          'Ask the market manager for their rules: many require that you grow or make what you sell.',
          'Keep your cottage-food registration and any permits with you at the booth.',
          'Keep cold foods at 41°F or below and eggs at 45°F or below in coolers with a thermometer.',
          'Post your prices clearly and label every packaged product.',
        ],
      },
    ],
    links: [
      { label: 'Kentucky Proud Farmers Markets', href: 'https://www.kyproud.com/' },
      { label: 'USDA Local Food Directories', href: 'https://www.usdalocalfoodportal.com/' },
    ],
  },
  {
    id: 'eggs-dairy',
    label: 'Eggs & Dairy',
    intro: 'Eggs and milk are the most regulated things small farms sell. Here are the thresholds.',
    sections: [
      {
        heading: 'Eggs',
        bullets: [
          'Kentucky: producers selling fewer than 60 dozen eggs per week directly to consumers are exempt from grading, but eggs must be clean, uncracked and labelled as ungraded with your name and address.',
          'Tennessee: flocks under 3,000 hens selling under 1,500 dozen per year directly to consumers are exempt from the egg handler license.',
          'Store and transport eggs at 45°F or below. Reused cartons must have old labels removed.',
        ],
      },
      {
        heading: 'Dairy',
        bullets: [
          'Pasteurized dairy products require a licensed dairy plant.',
          'Kentucky herdshares are private ownership agreements; list them only under the Herdshare category with a boarding or care fee.',
          'Tennessee allows raw milk sold as pet food when labelled for pet consumption only.',
        ],
      },
    ],
    links: [
      { label: 'Kentucky Department of Agriculture — Egg Marketing', href: 'https://www.kyagr.com/consumer/egg-marketing.html' },
      {
        label: 'Tennessee Department of Agriculture — Egg Handlers',
        href: 'https://www.tn.gov/agriculture/consumers/food-safety.html',
      },
    ],
  },
  {
    id: 'food-safety',
    label: 'Food Safety',
    intro: 'Good habits protect your customers and your reputation.',
    sections: [
      {
        heading: 'Everyday practices',
        bullets: [
          'Wash hands and surfaces before and during processing; keep pets out of the kitchen while you work.',
          'Keep cold foods at 41°F or below and hot foods at 135°F or above.',
          'Use food-grade packaging and label every package with the date it was made.',
          'Keep a simple log of batches so you can trace a product if a customer has a concern.',
          'Consider a Good Agricultural Practices (GAP) certification for fresh produce.',
        ],
      },
    ],
    links: [
      { label: 'FoodSafety.gov', href: 'https://www.foodsafety.gov/' },
      { label: 'University of Kentucky Cooperative Extension', href: 'https://extension.ca.uky.edu/' },
    ],
  },
  {
    id: 'business',
    label: 'Business Basics',
    intro: 'Running a small food business is running a business. These basics save headaches later.',
    sections: [
      {
        heading: 'Getting set up',
        bullets: [
          'Register your business name with the Secretary of State and get any local business license your county requires.',
          'Ask your state revenue department whether your products are subject to sales tax.',
          'Talk to an insurance agent about product liability coverage; many markets require it.',
          'Keep records of sales and expenses; the cottage-food $60,000 cap is on gross sales.',
          'Farmstand charges a flat subscription and no commission: your sales are yours.',
        ],
      },
    ],
    links: [
      { label: 'Kentucky One Stop Business Portal', href: 'https://onestop.ky.gov/' },
      { label: 'U.S. Small Business Administration', href: 'https://www.sba.gov/' },
    ],
  },
  {
    id: 'contacts',
    label: 'Contacts',
    intro: 'Agencies that answer questions about selling food in our five states.',
    sections: [
      {
        heading: 'State agencies',
        bullets: [
          'Kentucky Department of Agriculture — (502) 573-0282',
          'Kentucky Food Safety Branch — (502) 564-7181',
          'Indiana State Department of Health, Food Protection — (317) 233-7360',
          'Ohio Department of Agriculture, Food Safety — (614) 728-6250',
          'Tennessee Department of Agriculture, Food and Dairy — (615) 837-5193',
          'West Virginia Department of Agriculture — (304) 558-3200',
        ],
      },
    ],
    links: [
      { label: 'Kentucky Department of Agriculture', href: 'https://www.kyagr.com/' },
      { label: 'Indiana Department of Health — Food Protection', href: 'https://www.in.gov/health/food-protection/' },
      { label: 'Ohio Department of Agriculture', href: 'https://agri.ohio.gov/' },
      { label: 'Tennessee Department of Agriculture', href: 'https://www.tn.gov/agriculture.html' },
      { label: 'West Virginia Department of Agriculture', href: 'https://agriculture.wv.gov/' },
    ],
  },
];
